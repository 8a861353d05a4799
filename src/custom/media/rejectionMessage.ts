import { ErrorCode, type FileError } from 'react-dropzone';

export interface DropLimits {
  maxSize?: number;
  minSize?: number;
}

/**
 * The drop zone's rejection texts, in English as spec §5 lists them: 'File type must be ...',
 * 'File is larger than N bytes', 'File is smaller than N bytes', 'Too many files'. react-dropzone's own
 * texts round the sizes ('50 MB'), so the two size messages are written here with the exact byte count.
 */
export function rejectionMessage(error: FileError, limits: DropLimits): string {
  switch (error.code) {
    case ErrorCode.FileTooLarge:
      return limits.maxSize === undefined ? error.message : `File is larger than ${limits.maxSize} bytes`;
    case ErrorCode.FileTooSmall:
      return limits.minSize === undefined ? error.message : `File is smaller than ${limits.minSize} bytes`;
    case ErrorCode.TooManyFiles:
      return 'Too many files';
    default:
      return error.message;
  }
}
