// Tests read JSON answers whose shape each assertion states; undici types them as unknown.
declare global {
  interface Response {
    json(): Promise<any>
  }
}
export {}
