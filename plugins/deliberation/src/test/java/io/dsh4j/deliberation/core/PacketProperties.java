package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Laws of packets (spec §5): render ∘ parse is the identity on valid packets; validity depends on the whole-packet bound only. */
class PacketProperties {

    @Provide
    Arbitrary<ObjectNode> packets() {
        Arbitrary<String> role = Arbitraries.of("independent-alternative", "trajectory-audit", "masked-review");
        Arbitrary<ObjectNode> item = Combinators.combine(Arbitraries.of(ReviewPackets.KINDS), Arbitraries.of(ReviewPackets.CERTAINTIES),
                Arbitraries.strings().ofMinLength(1).ofMaxLength(300)).as((k, c, t) -> JsJson.nodes().objectNode().put("kind", k)
                        .put("certainty", c).put("content", t));
        return Combinators.combine(role, item.list().ofMaxSize(25)).as((r, items) -> {
            ObjectNode p = JsJson.nodes().objectNode().put("role", r);
            if (items.isEmpty()) return p.put("status", "no_update");
            p.put("status", "update");
            ArrayNode a = p.putArray("items");
            items.forEach(a::add);
            return p;
        });
    }

    @Property(tries = 300)
    void a_valid_packet_parses_back_from_its_rendering_as_itself(@ForAll("packets") ObjectNode packet) {
        if (!ReviewPackets.valid(packet)) return;
        String text = ReviewPackets.render(packet);
        assertThat(ReviewPackets.parseTextual(List.of(new ContentBlock.Text("\n " + text + "\u00a0")))).contains(packet);
        assertThat(ReviewPackets.render(JsJson.parse(text))).isEqualTo(text);
    }

    @Property(tries = 300)
    void validity_fails_only_for_blank_or_duplicate_content_or_the_whole_packet_bound(@ForAll("packets") ObjectNode packet) {
        boolean overBound = ReviewPackets.render(packet).length() > ReviewPackets.MAX_REVIEW_PACKET_CHARS;
        boolean blankOrDuplicate = false;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode i : packet.path("items")) {
            String c = io.dsh4j.message.json.JsStrings.trim(i.get("content").asText());
            if (c.isEmpty() || !seen.add(io.dsh4j.message.json.JsStrings.toLowerCase(c))) blankOrDuplicate = true;
        }
        assertThat(ReviewPackets.valid(packet)).isEqualTo(!overBound && !blankOrDuplicate);
    }

    @Property(tries = 200)
    void prose_around_a_packet_is_never_accepted(@ForAll("packets") ObjectNode packet, @ForAll("prose") String prose) {
        assertThat(ReviewPackets.parseTextual(List.of(new ContentBlock.Text(prose + ReviewPackets.render(packet))))).isEmpty();
    }

    @Provide
    Arbitrary<String> prose() {
        return Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20).map(s -> s + ": ");
    }
}
