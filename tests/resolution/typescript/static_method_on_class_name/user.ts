export class User {
  static create(name: string): User {
    return new User();
  }
}
