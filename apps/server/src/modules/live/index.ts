/**
 * The live updates (issue 35, decision 0046): each instance's open Server-Sent Events streams and the LISTEN
 * connection they share. It owns no table; what it sends it reads from the notifications and tickets modules.
 */
export { createLiveHub, type LiveHub } from './live-hub.js';
