pub struct Buffer {
    parts: Vec<String>,
}

impl Buffer {
    pub fn extend_from_slice(&mut self, xs: &[String]) {
        self.parts.extend_from_slice(xs);
    }
}
