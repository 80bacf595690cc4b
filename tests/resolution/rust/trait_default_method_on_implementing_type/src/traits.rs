pub trait Describe {
    fn name(&self) -> String;
    fn describe(&self) -> String {
        format!("<{}>", self.name())
    }
}

pub trait Explain {
    fn describe(&self) -> String {
        String::from("?")
    }
}
