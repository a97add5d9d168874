import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request headers are too large: the request line and headers together may be at most 16 KiB.'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long', 'The request URL is too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'Request Timeout', 'The request headers took too long to arrive.'],
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (oversized headers, invalid
 * characters in the request line, broken framing) get the same `{message}` JSON body as
 * every other error, instead of Node's bare status line.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const [status, text, message] = ANSWERS[error.code ?? ''] ?? [400, 'Bad Request', 'Malformed HTTP request.']
    const body = JSON.stringify({ message })
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    )
  })
}
