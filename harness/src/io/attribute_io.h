// onnx::AttributeProto <-> a node's attributes. An attribute must say what
// it holds: its `type` must match the one value field that is set.
#ifndef ONNXCTS_HARNESS_IO_ATTRIBUTE_IO_H_
#define ONNXCTS_HARNESS_IO_ATTRIBUTE_IO_H_

#include <onnx/onnx_pb.h>

#include <string>

#include "core/model.h"
#include "onnxcts/schema.h"

namespace onnxcts {

// DecodeAttribute()
//
// Adds `proto` to `node`: INT, FLOAT, STRING, INTS and FLOATS to
// node.attributes, other types by name to node.other_attributes. Throws an
// InputError naming `field` (e.g. "graph.node[0].attribute[1]") + ".name" or
// ".type" for a nameless, repeated, untyped or contradictory attribute.
void DecodeAttribute(const onnx::AttributeProto& proto, const std::string& file,
                     const std::string& field, Node& node);

// ToAttributeProto()
//
// The AttributeProto of one attribute value.
onnx::AttributeProto ToAttributeProto(const std::string& name,
                                      const AttrValue& value);

}  // namespace onnxcts

#endif  // ONNXCTS_HARNESS_IO_ATTRIBUTE_IO_H_
