export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  content: string | Buffer;
  /** Unix permissions; scripts are made executable (0o755) so they run straight after unzipping. */
  mode?: number;
}

/** A zip archive in memory (yazl, docs/decisions/0017); the entries' time is fixed so the same input gives the same bytes. */
export async function zipArchive(entries: ZipEntry[], mtime = new Date('2026-01-01T00:00:00Z')): Promise<Buffer> {
  // Loaded with the first download of a tool, not with the server (issue 34: start-up and idle memory).
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const content = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    zip.addBuffer(content, entry.name, { mtime, mode: entry.mode ?? 0o644 });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
