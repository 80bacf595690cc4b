pub struct Worker;

impl Worker {
    fn validate(&self, x: i32) -> bool { x < 0 }

    pub fn run(&self, x: i32) -> bool {
        self.validate(x)
    }
}
