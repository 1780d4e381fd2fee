export { apiCall, apiCallWithMessage, type ApiAnswer, type ApiCallOptions } from './api-client';
export { ApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
export { setAccessTokenRenewer, type AccessTokenRenewer } from './access-token-renewal';
