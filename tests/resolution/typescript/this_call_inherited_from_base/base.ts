export class Base {
  log(msg: string): string {
    return msg;
  }
}
