package app

type Repo struct{}

func (r *Repo) Close() bool { return true }

type Conn struct{}

func (c *Conn) Close() bool { return false }

func OpenRepo() *Repo { return &Repo{} }

func Dial() *Conn { return &Conn{} }
