import { User } from "./user";

export function signup(name: string): User {
  return User.create(name);
}
