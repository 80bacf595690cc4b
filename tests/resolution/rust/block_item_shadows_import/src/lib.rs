pub mod store;

use store::save;

pub fn run(key: &str) -> bool {
    fn save(key: &str) -> bool {
        key.len() > 3
    }
    save(key)
}

pub fn outer(key: &str) -> bool {
    save(key)
}
