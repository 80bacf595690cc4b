package app

func Flush(s Saver) error {
	return s.Persist("k")
}
