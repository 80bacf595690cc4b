package app

func Run() int {
	return normalize(3)
}
