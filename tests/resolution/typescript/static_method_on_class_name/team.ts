export class Team {
  static create(name: string): Team {
    return new Team();
  }
}
