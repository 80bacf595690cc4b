export class Base {
  log(msg) {
    return msg;
  }
}
