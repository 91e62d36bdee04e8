export { api, apiRequest, API_BASE, buildUrl, call, pathOf, urlOf, type CallInput, type RequestOptions, type Query } from './api-client';
export { ApiError, NetworkError, errorMessage, isApiError, isNetworkError } from './api-error';
export { createQueryClient, notifyError } from './query-client';
