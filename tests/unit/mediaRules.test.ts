import { describe, expect, it } from 'vitest';
import { ErrorCode } from 'react-dropzone';
import { formatFileSize } from '../../src/custom/media/formatFileSize';
import { folderApiPath, folderUrl, parseFolderUrl } from '../../src/custom/media/mediaPath';
import { nameToSave } from '../../src/custom/media/renameRule';
import { previewImageSx } from '../../src/custom/media/previewImageSx';
import { rejectionMessage } from '../../src/custom/media/rejectionMessage';
import { tagToAdd } from '../../src/custom/media/tagRules';
import { extensionLabel, isPreviewable, showsBackTile } from '../../src/custom/media/tileRules';

describe('file size display (spec §9: Bytes through YB, base 1024, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [5 * 1024 * 1024 + 123_456, '5,12 MB'],
    [1024 ** 3 * 2.345, '2,35 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8 * 3, '3 YB'],
    [1024 ** 9, '1024 YB'],
  ])('%d bytes -> %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe('tile rules (spec §2)', () => {
  it.each(['.jpg', '.jpeg', '.gif', '.png', '.webp', '.svg', '.JPG', '.Png'])('previews %s', (extension) => {
    expect(isPreviewable(extension)).toBe(true);
  });

  it.each(['.pdf', '.docx', '.bmp', '.tiff', ''])('shows a document icon for "%s"', (extension) => {
    expect(isPreviewable(extension)).toBe(false);
  });

  it('labels the document icon with the extension', () => {
    expect(extensionLabel('.pdf')).toBe('PDF');
    expect(extensionLabel('.docx')).toBe('DOCX');
    expect(extensionLabel('')).toBe('?');
  });

  it("hides 'Terug' only at the root folder named Media", () => {
    expect(showsBackTile({ name: 'Media', parentDirectoryId: null })).toBe(false);
    expect(showsBackTile({ name: "Foto's", parentDirectoryId: 'root-id' })).toBe(true);
    expect(showsBackTile({ name: 'Media', parentDirectoryId: 'root-id' })).toBe(true);
  });
});

describe('image previews', () => {
  it('show a drawing whole and crop a photo to the box, whatever the extension case', () => {
    expect(previewImageSx('.svg').objectFit).toBe('contain');
    expect(previewImageSx('.SVG').objectFit).toBe('contain');
    expect(previewImageSx('.jpg').objectFit).toBe('cover');
    expect(previewImageSx('.PNG').objectFit).toBe('cover');
  });
});

describe('tag rules (spec §5)', () => {
  const existing = [{ name: 'Zomer' }, { name: 'evenement' }];

  it('ignores an empty tag', () => {
    expect(tagToAdd('', existing)).toBeUndefined();
    expect(tagToAdd('   ', existing)).toBeUndefined();
  });

  it('does not add a duplicate, ignoring case', () => {
    expect(tagToAdd('zomer', existing)).toBeUndefined();
    expect(tagToAdd(' EVENEMENT ', existing)).toBeUndefined();
  });

  it('adds a new name, trimmed', () => {
    expect(tagToAdd('  strand ', existing)).toBe('strand');
  });
});

describe('rename on blur (spec §5: only sent when non-empty)', () => {
  it('saves a changed, non-empty name, trimmed', () => {
    expect(nameToSave(' zee.jpg ', 'strand.jpg')).toBe('zee.jpg');
  });

  it('keeps the current name when the field is left empty or unchanged', () => {
    expect(nameToSave('', 'strand.jpg')).toBeUndefined();
    expect(nameToSave('   ', 'strand.jpg')).toBeUndefined();
    expect(nameToSave('strand.jpg', 'strand.jpg')).toBeUndefined();
  });
});

describe('folder paths in the URL (spec §2: /media/{path})', () => {
  it('reads the folder names from the location, each decoded once', () => {
    expect(parseFolderUrl('/media/')).toEqual([]);
    expect(parseFolderUrl('/media')).toEqual([]);
    expect(parseFolderUrl("/media/Foto's/Zomer%202024")).toEqual(["Foto's", 'Zomer 2024']);
    expect(parseFolderUrl('/media/100%2525')).toEqual(['100%25']);
  });

  it('writes URLs and API paths that round-trip', () => {
    const path = ["Foto's", 'Zomer 2024', '50%'];
    expect(folderUrl([])).toBe('/media/');
    expect(parseFolderUrl(folderUrl(path))).toEqual(path);
    expect(folderApiPath(path)).toBe("Foto's/Zomer%202024/50%25");
  });
});

describe('drop-zone rejections (spec §5, English as listed)', () => {
  it('names the exact limits in bytes and keeps the type and count texts', () => {
    expect(
      rejectionMessage(
        { code: ErrorCode.FileTooLarge, message: 'File is larger than 50 MB' },
        { maxSize: 52428800 },
      ),
    ).toBe('File is larger than 52428800 bytes');
    expect(
      rejectionMessage(
        { code: ErrorCode.FileTooSmall, message: 'File is smaller than 1 KB' },
        { minSize: 1024 },
      ),
    ).toBe('File is smaller than 1024 bytes');
    expect(rejectionMessage({ code: ErrorCode.TooManyFiles, message: 'Too many files' }, {})).toBe(
      'Too many files',
    );
    expect(
      rejectionMessage({ code: ErrorCode.FileInvalidType, message: 'File type must be image/*' }, {}),
    ).toBe('File type must be image/*');
  });
});
