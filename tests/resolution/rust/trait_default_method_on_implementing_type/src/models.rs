use crate::traits::Describe;

pub struct Repo;

impl Describe for Repo {
    fn name(&self) -> String { String::from("repo") }
}
