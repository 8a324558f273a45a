/**
 * The offline sentence-embedding model behind semantic alignment: int8 all-MiniLM-L6-v2 run in
 * process by ONNX Runtime from a Maven Central artifact (nothing is downloaded at run time), loaded
 * lazily once per process, and an append-only cache of embeddings keyed by text hash under the home so
 * that a re-merge embeds only claims it has not seen.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.beliefmerge.embedding;

import org.apiguardian.api.API;
