export { apiCall, type ApiCallOptions } from './api-client';
export { ApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
