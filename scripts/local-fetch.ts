/**
 * fetch() for *.localhost URLs from Node: browsers resolve every *.localhost
 * name to loopback, Node's resolver does not, so connect to 127.0.0.1 and send
 * the real Host header (which fetch() itself refuses to set).
 */
import { request } from "node:http";

export interface LocalResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text(): string;
  json<T = unknown>(): T;
}

export function localFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LocalResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: u.port || 80,
        path: u.pathname + u.search,
        method: init.method ?? "GET",
        headers: {
          Host: u.host,
          ...(init.body ? { "Content-Length": Buffer.byteLength(init.body) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: () => body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}
