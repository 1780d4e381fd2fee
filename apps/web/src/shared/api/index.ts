export { apiCall, apiCallWithMessage } from './api-client';
export type { ApiAnswer, ApiCallOptions } from './request';
export { ApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
export { apiDownload, filenameOf, saveFile, type DownloadedFile } from './api-download';
export { apiUpload, type ApiUploadOptions, type UploadProgress } from './api-upload';
