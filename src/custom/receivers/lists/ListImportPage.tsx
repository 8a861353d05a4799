import FileUploadOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { NotYetAvailable } from '../../NotYetAvailable';

/** /recievers/lists/{id}/import: importing recipients comes in a later version; the designed placeholder says so. */
export function ListImportPage() {
  return <NotYetAvailable area="list_import" icon={FileUploadOutlinedIcon} />;
}
