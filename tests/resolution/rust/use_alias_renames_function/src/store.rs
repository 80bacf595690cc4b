pub fn save(key: &str) -> bool { !key.is_empty() }
