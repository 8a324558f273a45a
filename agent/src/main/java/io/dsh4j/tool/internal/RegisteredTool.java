package io.dsh4j.tool.internal;

import io.dsh4j.tool.ToolDefinition;

/** A definition with its schemas compiled once, at registration. */
record RegisteredTool(ToolDefinition definition, SchemaValidator arguments, SchemaValidator output) {

    static RegisteredTool of(ToolDefinition definition) {
        return new RegisteredTool(definition, new SchemaValidator(definition.parameters()),
                new SchemaValidator(definition.output().schema()));
    }

    String name() {
        return definition.name();
    }
}
