/**
 * The DeepSeek / OpenAI-compatible streaming adapter (spec/sessions-llm-http.md §5.3) on the JDK's HTTP client:
 * its configuration, catalog and the adapter itself; the wire machinery (SSE reader, chunk translation, error
 * mapping) is in {@code .internal}.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.llm.deepseek;

import org.apiguardian.api.API;
