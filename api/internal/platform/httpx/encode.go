package httpx

import gojson "github.com/goccy/go-json"

// MarshalJSON is the encoder of every JSON answer (fiber.Config.JSONEncoder):
// github.com/goccy/go-json, which writes the same bytes as encoding/json
// (HTML characters, U+2028/U+2029 and invalid UTF-8 escaped the same way,
// map keys sorted, the same float format, MarshalJSON and MarshalText
// honoured) several times faster and with far fewer allocations; a list page
// of the wallet history spent about a tenth of its CPU in encoding/json.
// Request bodies are still read by encoding/json (Decode), so its error
// messages stay as they are.
func MarshalJSON(v any) ([]byte, error) { return gojson.Marshal(v) }
