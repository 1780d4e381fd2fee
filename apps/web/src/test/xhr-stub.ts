import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): each request is kept for the test to drive, sending
 * upload progress and then an answer, as a browser would report them. Use with `vi.unstubAllGlobals()` after each test.
 */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(): string | null {
    return null;
  }
  send(body: FormData) {
    this.body = body;
    stubbedUploads.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file part's name, as the server would read it. */
  get fileName(): string | undefined {
    const file = this.body?.get('file');
    return file instanceof File ? file.name : undefined;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export const stubbedUploads: FakeUpload[] = [];

export function stubUploads(): FakeUpload[] {
  stubbedUploads.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return stubbedUploads;
}
