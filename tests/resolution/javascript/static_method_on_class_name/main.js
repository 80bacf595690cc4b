import { User } from "./user.js";

export function signup(name) {
  return User.create(name);
}
