import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body's bytes as they crossed the wire (a compressed one stays compressed). */
  body: Buffer;
}

/** One request with any method, path bytes and body, as fetch would refuse to send (TRACE, raw %00). */
export function rawRequest(baseUrl: string, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { ...(body !== undefined && !headers['transfer-encoding'] ? { 'content-length': Buffer.byteLength(body) } : {}), ...headers }, agent: false },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: bytes.toString(), body: bytes });
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A server that refuses a body it will not read (413) answers and closes while a large body is
      // still being written: the write fails (EPIPE, ECONNRESET) though the answer came. Wait for it.
      if ((error.code === 'EPIPE' || error.code === 'ECONNRESET') && body !== undefined) {
        setTimeout(() => {
          if (!answered) reject(error);
        }, 500);
        return;
      }
      reject(error);
    });
    if (body !== undefined) request.write(body);
    request.end();
  });
}
