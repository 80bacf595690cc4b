export class User {
  static create(name) {
    return new User();
  }
}
