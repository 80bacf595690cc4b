pub trait Saver {
    fn persist(&self, key: &str) -> bool;
}

pub trait Loader {
    fn persist(&self, key: &str) -> bool;
    fn load(&self, key: &str) -> String;
}
