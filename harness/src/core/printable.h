// Text that came from a backend (a worker's name, its messages, its stderr)
// made safe to print on a terminal: a control character could move the
// cursor, clear the screen or start a line that looks like the harness's
// own, so each is shown as an escape instead.
#ifndef ONNXCTS_HARNESS_CORE_PRINTABLE_H_
#define ONNXCTS_HARNESS_CORE_PRINTABLE_H_

#include <string>
#include <string_view>

namespace onnxcts {

// Printable()
//
// `text` with every C0 control character, DEL and UTF-8 encoded C1 control
// written as \xNN (\n and \t kept when `keep_lines`); everything else, other
// UTF-8 included, as it was.
std::string Printable(std::string_view text, bool keep_lines = false);

// `s` in lower case (ASCII), as op names appear in case ids.
std::string Lower(std::string_view s);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_CORE_PRINTABLE_H_
