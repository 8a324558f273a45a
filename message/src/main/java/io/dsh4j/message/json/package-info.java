/**
 * JavaScript's semantics where dsh4j must see data exactly as DSH's JavaScript did, in one place:
 * {@code JSON.parse} (strict, size-capped) and {@code JSON.stringify} ({@link
 * io.dsh4j.message.json.JsJson}), Node's UTF-8 decoding, ECMAScript white space, {@code trim}, case
 * mapping and {@code \p{L}\p{N}} ({@link io.dsh4j.message.json.JsStrings}), {@code Number()},
 * {@code String(v)} and number display ({@link io.dsh4j.message.json.JsNumbers}, {@link
 * io.dsh4j.message.json.Js}). No other package builds its own mapper or number coercion.
 */
@API(status = API.Status.STABLE)
package io.dsh4j.message.json;

import org.apiguardian.api.API;
