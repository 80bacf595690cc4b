export class Other {
  log(msg: string): string {
    return "";
  }
}
