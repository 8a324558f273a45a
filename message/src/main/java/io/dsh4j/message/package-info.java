/**
 * The message model every layer speaks: messages and their content blocks, stream chunks, finish
 * reasons, token usage and model failures, as DSH's {@code @deepseek-ai/dsh-llm} types define them.
 */
@API(status = API.Status.STABLE)
package io.dsh4j.message;

import org.apiguardian.api.API;
