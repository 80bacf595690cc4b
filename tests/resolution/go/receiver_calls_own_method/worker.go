package app

type Worker struct{}

func (w Worker) validate(x int) bool { return x < 0 }

func (w Worker) Run(x int) bool {
	return w.validate(x)
}
