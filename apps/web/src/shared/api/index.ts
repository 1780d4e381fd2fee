export { apiCall, apiCallWithMessage } from './api-client';
export type { ApiAnswer, ApiCallOptions } from './request';
export { ApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
export { apiDownload, filenameOf, saveFile, type DownloadedFile } from './api-download';
// apiUpload is imported from './api-upload' itself: re-exported here, the bundler kept it in the chunk every page
// loads, the sign-in page's too, though only the ticket forms (lazy) use it.
