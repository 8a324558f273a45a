package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console in a real browser (Debian's Chromium driven by Playwright) over a home made from the
 * corpus: each view agrees with its command. Screenshots of each view go to
 * {@code app/target/console-screenshots/}. Skipped, saying why, only when {@code /usr/bin/chromium}
 * is absent ({@code .ci/run} installs it).
 */
class ConsoleBrowserTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path SHOTS = Path.of("target", "console-screenshots");
    static final String HOSTILE_ID = "hostile-markup";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;
    @TempDir
    static Path profile;

    static List<CorpusHome.Entry> entries;
    static TestServer server;
    static Playwright playwright;
    static BrowserContext browser;
    Page page;

    @BeforeAll
    static void start() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
                "browser tests skipped: Chromium is not installed at " + CHROMIUM + " (apt-get install -y chromium; .ci/run does this)");
        entries = CorpusHome.build(home);
        writeHostileSession(home);
        server = new TestServer(home);
        Files.createDirectories(SHOTS);
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        browser = playwright.chromium().launchPersistentContext(profile, new BrowserType.LaunchPersistentContextOptions()
                .setExecutablePath(CHROMIUM).setHeadless(true).setAcceptDownloads(true).setViewportSize(1280, 800)
                .setLocale("en-US")
                .setArgs(List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run")));
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.close();
        if (playwright != null) playwright.close();
        if (server != null) server.close();
    }

    @BeforeEach
    void open() {
        page = browser.newPage();
        page.setDefaultTimeout(60_000);
        page.onConsoleMessage(m -> System.err.println("browser console: " + m.type() + ": " + m.text()));
        page.onPageError(m -> System.err.println("browser page error: " + m));
        page.navigate(server.base() + "/");
        page.evaluate("localStorage.clear()");
    }

    @AfterEach
    void close() {
        page.close();
    }

    /** A session whose messages try to inject markup and carry CJK text and Markdown. */
    static void writeHostileSession(Path home) throws IOException {
        Path log = SessionLayout.logPath(home.resolve("sessions"), "/corpus/hostile", HOSTILE_ID, LogEncoding.RAW);
        Files.createDirectories(log.getParent());
        String user = "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=2</script> 你好，世界 **粗体** [link](javascript:window.__pwned=3)";
        String header = JSON.createObjectNode().put("type", "session").put("id", HOSTILE_ID).put("createdAt", 1_700_000_000_000L)
                .put("cwd", "/corpus/hostile").put("delegationDepth", 0).toString();
        var msg = JSON.createObjectNode().put("type", "user/message").put("surfaceOp", "append");
        var data = msg.putObject("data").put("role", "user").put("id", "m1");
        data.putArray("content").addObject().put("type", "text").put("text", user);
        data.putObject("source").put("kind", "user");
        Files.writeString(log, header + "\n" + "{\"type\":\"turn/start\",\"data\":{\"turn\":1}}\n" + msg + "\n", StandardCharsets.UTF_8);
    }

    static List<CorpusHome.Entry> richest(int n) {
        return ConsoleApiTest.richestOf(entries, n);
    }

    static JsonNode cliJson(String... args) throws IOException {
        return JSON.readTree(ConsoleApiTest.cli(args));
    }

    @Test
    void list_then_open_a_session_shows_the_transcript_of_sessions_show() throws IOException {
        page.waitForSelector("#sessions tbody tr[data-session]");
        assertThat(page.locator("#sessions tbody tr[data-session]").count()).isEqualTo(entries.size() + 1);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("sessions-list.png")));
        CorpusHome.Entry e = richest(1).getFirst();
        page.click("a[href='#/session/" + e.id() + "']");
        page.waitForSelector("#transcript li");
        List<String> expected = new ArrayList<>();
        for (String line : ConsoleApiTest.cli("sessions", "show", e.log().toString(), "--json").split("\n")) {
            if (line.isBlank()) continue;
            JsonNode j = JSON.readTree(line);
            expected.add(j.path("seq").asText() + " " + j.path("type").asText());
        }
        Locator items = page.locator("#transcript > li");
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < items.count(); i++) {
            shown.add(items.nth(i).getAttribute("data-seq") + " " + items.nth(i).getAttribute("data-type"));
        }
        assertThat(shown).isNotEmpty().isEqualTo(expected);
        // reasoning is folded, tool calls are expandable
        assertThat(page.locator("#transcript details.reasoning[open]").count()).isZero();
        if (page.locator("#transcript details.tool-call").count() > 0) {
            page.locator("#transcript details.tool-call summary").first().click();
            assertThat(page.locator("#transcript details.tool-call[open]").count()).isEqualTo(1);
        }
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("session-transcript.png")).setFullPage(true));
    }

    @Test
    void the_health_chart_has_one_point_per_turn_ending_at_health_json() throws IOException {
        CorpusHome.Entry e = richest(1).getFirst();
        page.navigate(server.base() + "/#/session/" + e.id() + "/health");
        page.waitForSelector("#health-chart");
        JsonNode cli = cliJson("health", e.log().toString(), "--json", "--home", home.toString(), "--now", TestServer.NOW.toString());
        Locator points = page.locator("#health-chart circle.pt-context");
        assertThat(points.count()).isEqualTo(ConsoleApiTest.turnStarts(e.log())).isPositive();
        Locator last = points.nth(points.count() - 1);
        assertThat(Integer.parseInt(last.getAttribute("data-score"))).isEqualTo(cli.path("score").asInt());
        assertThat(Double.parseDouble(last.getAttribute("data-context"))).isEqualTo(cli.path("usedTokens").asDouble());
        assertThat(page.textContent("#health-score")).isEqualTo(cli.path("score").asText());
        assertThat(page.textContent("#health-advice")).isEqualTo(cli.path("adviceText").asText());
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("session-health.png")).setFullPage(true));
    }

    /**
     * Acceptance item 56 (attention-health spec §1.5, §11): the health bar of a silent session shows
     * only {@code ● 无异常}, the copy button and {@code 详情 ▾}; opened, its head carries no
     * {@code N/100} score, the advice appears at most twice and at most 4 rows show; the copy puts the
     * slim handoff of the route on the clipboard, and a refused copy shows its error instead of throwing.
     */
    @Test
    void item_56_silent_bar_expands_to_at_most_four_rows_without_a_head_score_and_copies_the_slim_handoff() throws IOException {
        browser.grantPermissions(List.of("clipboard-read", "clipboard-write"),
                new BrowserContext.GrantPermissionsOptions().setOrigin(server.base()));
        String silent = null;
        JsonNode projection = null;
        for (CorpusHome.Entry e : entries) {
            JsonNode v = JSON.readTree((String) page.evaluate("id => fetch('/api/session.health', {method: 'POST', headers: {'Content-Type': "
                    + "'application/json'}, body: JSON.stringify({type: 'client-request', rpcId: 'x', method: 'session.health', payload: "
                    + "{sessionId: id, lang: 'zh-CN'}})}).then(r => r.text())", e.id()));
            JsonNode p = v.path("result").path("value").path("projection");
            if (!p.path("shouldNotify").asBoolean(true) && p.path("usedTokens").asDouble() > 0) {
                silent = e.id();
                projection = p;
                break;
            }
        }
        assertThat(silent).as("a corpus session whose bar is silent").isNotNull();
        page.evaluate("localStorage.setItem('dsh4j.lang', 'zh-CN')");
        page.navigate(server.base() + "/#/session/" + silent + "/transcript");
        page.reload();
        page.waitForSelector("#health-bar-details:has-text('详情 ▾')");
        @SuppressWarnings("unchecked")
        List<String> silentRow = (List<String>) page.evaluate(
                "Array.from(document.querySelector('#health-bar-head').children).map(c => c.textContent)");
        assertThat(silentRow).containsExactly("● 无异常", "复制交接内容", "详情 ▾");
        assertThat(page.locator("#health-bar").innerText()).doesNotContainPattern("\\d+/100").doesNotContain("偏大", "较大", "过大");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("health-bar-silent.png")));

        page.click("#health-bar-copy");
        page.waitForSelector("#health-bar .bar-notice");
        String clip = (String) page.evaluate("navigator.clipboard.readText()");
        String slim = (String) page.evaluate("id => fetch('/attention-health/handoff?sessionId=' + encodeURIComponent(id) + "
                + "'&profile=slim&lang=zh-CN').then(r => r.text())", silent);
        assertThat(clip).isNotBlank().isEqualTo(slim);

        page.click("#health-bar-details");
        page.waitForSelector("#health-bar-rows");
        assertThat(page.locator("#health-bar-head").innerText()).doesNotContainPattern("\\d+/100");
        Locator rows = page.locator("#health-bar-rows .bar-row");
        assertThat(rows.count()).isBetween(2, 4);
        assertThat(page.locator("#health-bar-rows [data-row=cost]").count()).as("cost row only for handoff").isZero();
        assertThat(page.locator("#health-bar-rows [data-row=scale]").innerText()).contains("评分 " + projection.path("score").asInt() + "/100");
        String advice = projection.path("compactAdviceText").asText();
        String bar = page.locator("#health-bar").innerText();
        assertThat(bar.split(java.util.regex.Pattern.quote(advice), -1).length - 1).as(advice).isBetween(1, 2);
        assertThat(page.locator("#health-bar .bar-label").evaluate("e => getComputedStyle(e).color")).isEqualTo("rgb(34, 197, 94)");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("health-bar-open.png")));

        page.evaluate("navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); document.execCommand = () => false;");
        page.click("#health-bar-copy");
        page.waitForSelector("#health-bar .bar-error");
        assertThat(page.locator("#health-bar .bar-error").innerText()).startsWith("失败：");
        assertThat(page.locator("#health-bar-copy").isEnabled()).isTrue();
    }

    /**
     * The cost row of the opened bar (attention-health spec §1.5): shown only when the advice is
     * {@code handoff}, it reads the projection's cost fields — continue per round with the price tier,
     * the lossless handoff, its break-even and margin, the saving with its "too small" note — and a
     * projection whose price is unknown shows the price label instead. The session's real projection is
     * served with the cost fields of a handoff set, since no corpus session advises one.
     */
    @Test
    void the_cost_row_of_a_handoff_bar_renders_the_projection_s_cost_fields_and_an_unknown_price_as_its_label() {
        CorpusHome.Entry e = richest(1).getFirst();
        Map<String, Object> cost = new java.util.LinkedHashMap<>(Map.of("shouldNotify", true, "compactAdvice", "handoff",
                "costPriceKnown", true, "costPriceTier", "peak", "costContinuePerRound", 0.0123, "costFreshPerRound", 0.0046,
                "costFreshBreakEvenRounds", 2.34, "costFreshWinMarginRounds", 1.26, "costSavingYuan", 0.5, "costSavingEnough", false));
        page.route("**/api/session.health", route -> {
            try {
                var response = route.fetch();
                var body = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(response.text());
                var projection = (com.fasterxml.jackson.databind.node.ObjectNode) body.path("result").path("value").path("projection");
                cost.forEach((k, v) -> projection.set(k, JSON.valueToTree(v)));
                route.fulfill(new com.microsoft.playwright.Route.FulfillOptions().setResponse(response).setBody(body.toString()));
            } catch (IOException x) {
                route.abort();
            }
        });
        page.evaluate("localStorage.setItem('dsh4j.lang', 'zh-CN')");
        page.navigate(server.base() + "/#/session/" + e.id() + "/transcript");
        page.reload();
        page.waitForSelector("#health-bar-head");
        page.click("#health-bar-head");
        Locator row = page.locator("#health-bar-rows [data-row=cost]");
        row.waitFor();
        assertThat(row.locator(".bar-key").innerText()).isEqualTo("成本（元/轮）");
        assertThat(row.locator(".bar-value").innerText()).isEqualTo("继续 ¥0.012/轮（高峰价） · 交接 ¥0.005（无损） · 交接回本 2.3 轮（余量 1.3 轮）"
                + " · 到官方线前可省 ¥0.500（按当前增速外推，实际随增速浮动）（差额偏小，不足以作为换会话的理由）");
        assertThat(page.locator("#health-bar-rows .bar-row").count()).isBetween(3, 4);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("health-bar-cost.png")));

        cost.put("costPriceKnown", false);
        cost.put("costPriceLabel", "价格未知（自定义模型）");
        page.reload();
        page.waitForSelector("#health-bar-head");
        page.click("#health-bar-head");
        row.waitFor();
        assertThat(row.locator(".bar-value").innerText()).isEqualTo("价格未知（自定义模型）");
        page.unrouteAll();
    }

    @Test
    void the_handoff_download_is_the_handoff_command_s_document() throws IOException {
        CorpusHome.Entry e = richest(1).getFirst();
        page.navigate(server.base() + "/#/session/" + e.id() + "/handoff");
        page.waitForSelector("#handoff-doc:not(:empty)");
        String expected = ConsoleApiTest.cli("handoff", e.log().toString(), "--no-record", "--home", home.toString(), "--now",
                TestServer.NOW.toString());
        Download download = page.waitForDownload(() -> page.click("#handoff-download"));
        Path saved = SHOTS.resolve("handoff-download.md");
        download.saveAs(saved);
        assertThat(Files.readString(saved, StandardCharsets.UTF_8)).isEqualTo(expected);
        assertThat(page.textContent("#handoff-doc")).isEqualTo(expected);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("session-handoff.png")));
    }

    @Test
    void a_merge_preview_set_by_keyboard_is_the_merge_command_s() throws IOException {
        List<CorpusHome.Entry> sources = richest(3);
        page.navigate(server.base() + "/#/merge");
        page.waitForSelector("#merge-sources input");
        for (CorpusHome.Entry e : sources) {
            page.focus("#merge-sources li[data-session='" + e.id() + "'] input");
            page.keyboard().press("Space");
        }
        page.focus("#merge-budget");
        page.keyboard().press("Home");
        for (int i = 0; i < 6; i++) page.keyboard().press("ArrowRight");
        assertThat(page.textContent("#merge-budget-value")).isEqualTo("300");
        page.focus("#merge-go");
        page.keyboard().press("Enter");
        page.waitForSelector("#merge-block");
        List<String> args = new ArrayList<>(List.of("merge"));
        sources.forEach(e -> args.add(e.log().toString()));
        args.addAll(List.of("--budget", "300", "--json", "--home", home.toString()));
        JsonNode cli = cliJson(args.toArray(String[]::new));
        assertThat(page.textContent("#merge-block")).isEqualTo(cli.path("render").path("text").asText());
        assertThat(page.textContent("#merge-dropped")).isEqualTo(cli.path("render").path("dropped").asText());
        assertThat(page.locator("#merge-slots tbody tr").count()).isEqualTo(cli.path("slots").size());
        assertThat(page.locator("#merge-slots tbody tr[data-in-block=true]").count()).isEqualTo(cli.path("render").path("included").asInt());
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("merge-preview.png")).setFullPage(true));
    }

    @Test
    void keyboard_only_in_chinese_on_a_narrow_window_and_log_markup_stays_text() {
        page.setViewportSize(420, 800);
        page.waitForSelector("#sessions tbody tr[data-session]");
        page.focus("#lang");
        page.selectOption("#lang", "zh-CN");
        page.waitForSelector("#nav-sessions:text-is('会话')");
        page.waitForSelector("#search");
        page.keyboard().type(HOSTILE_ID);
        page.waitForSelector("#list-count:has-text('显示 1 个')");
        assertThat(page.textContent("#list-count")).contains("显示 1 个");
        page.keyboard().press("Tab");
        page.keyboard().press("Tab");
        page.keyboard().press("Tab");
        assertThat((String) page.evaluate("document.activeElement.getAttribute('href')")).isEqualTo("#/session/" + HOSTILE_ID);
        page.keyboard().press("Enter");
        page.waitForSelector("#transcript li");
        String text = page.textContent("#transcript");
        assertThat(text).contains("<img src=x onerror=\"window.__pwned=1\">").contains("<script>").contains("你好，世界");
        assertThat(page.locator("#transcript img, #transcript script").count()).isZero();
        assertThat(page.locator("#transcript strong").textContent()).isEqualTo("粗体");
        assertThat(page.locator("#transcript a").count()).isZero();
        assertThat(page.evaluate("window.__pwned === undefined")).isEqualTo(true);
        assertThat(page.textContent("#tab-transcript")).isEqualTo("对话记录");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("narrow-zh-CN-transcript.png")).setFullPage(true));
    }
}
