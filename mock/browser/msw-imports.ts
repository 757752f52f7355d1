/**
 * What the browser mock uses of msw, named here and loaded on first need (`startMockWorker`):
 * importing msw's whole module dynamically kept every export in the app's bundle (server-sent
 * events and WebSocket handlers among them); named, a bundler keeps only these.
 */
export { http, HttpResponse } from 'msw'
export { setupWorker } from 'msw/browser'
