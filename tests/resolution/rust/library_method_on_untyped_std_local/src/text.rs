pub struct Buffer {
    parts: Vec<String>,
}

impl Buffer {
    pub fn push_str(&mut self, s: &str) { self.parts.push(s.to_string()); }
    pub fn extend_from_slice(&mut self, xs: &[String]) { self.parts.extend_from_slice(xs); }
}
