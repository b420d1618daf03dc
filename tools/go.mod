// The Go tools that onnxcts's setup builds into build/tools/bin, each at the
// exact version below, every module checked against go.sum:
//   cd tools && GOBIN=$PWD/../build/tools/bin GOFLAGS=-mod=mod \
//     GOTOOLCHAIN=local go install github.com/rhysd/actionlint/cmd/actionlint
// Nothing here imports them, so `go mod tidy` would drop them: edit by hand
// (go get github.com/rhysd/actionlint@vX.Y.Z). The go line stays at 1.18, so
// that Debian 12's Go (1.19) builds them.
module onnxcts/tools

go 1.18

require github.com/rhysd/actionlint v1.7.7

require (
	github.com/bmatcuk/doublestar/v4 v4.8.0 // indirect
	github.com/fatih/color v1.18.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/mattn/go-runewidth v0.0.16 // indirect
	github.com/mattn/go-shellwords v1.0.12 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/robfig/cron/v3 v3.0.1 // indirect
	golang.org/x/sync v0.10.0 // indirect
	golang.org/x/sys v0.29.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
