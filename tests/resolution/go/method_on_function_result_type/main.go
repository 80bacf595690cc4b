package app

func Shutdown() bool {
	r := OpenRepo()
	return r.Close()
}

func Hangup() bool {
	return Dial().Close()
}
