/**
 * The model layer: how dsh4j streams a model call. The model SPI ({@code ModelAdapter}, {@code
 * ModelCall}), the assembly of {@link io.dsh4j.message.StreamChunk}s into an assistant message, the
 * model catalog, the DeepSeek / OpenAI-compatible adapter and the retry policy of
 * {@code spec/sessions-llm-http.md} §5. It sees only the message model and the JDK's HTTP client.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.llm;

import org.apiguardian.api.API;
