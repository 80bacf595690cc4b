export class Team {
  static create(name) {
    return new Team();
  }
}
