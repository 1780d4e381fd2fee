import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import { openLiveStream, type LiveStreamDeps } from './live-stream.js';

export function liveRoutes(deps: LiveStreamDeps): EndpointRoute[] {
  return [route(endpoints.streamPortalEvents, ({ caller, request, reply }) => openLiveStream(deps, caller, request, reply))];
}
