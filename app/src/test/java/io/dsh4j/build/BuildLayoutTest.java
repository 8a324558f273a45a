package io.dsh4j.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Issue 2, "Build and layout": the parent POM (Java 21, the modules, every version pinned in one
 * place), the Maven Wrapper that finds its own JDK, the README's two commands and {@code .ci/run}
 * running exactly the test command. That {@code bin/dsh4j --help} works after the build is
 * {@code LauncherIT} (run after {@code package}); JDK discovery is {@link FindJdkTest}.
 */
class BuildLayoutTest {

    static Document pom(String relative) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(Repo.root().resolve(relative).toFile());
    }

    static List<Element> all(Node scope, String tag) {
        NodeList nodes = scope instanceof Document d ? d.getElementsByTagName(tag) : ((Element) scope).getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) out.add((Element) nodes.item(i));
        return out;
    }

    static String child(Element e, String tag) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(tag)) return c.getTextContent().trim();
        }
        return null;
    }

    static List<String> modulePoms() throws Exception {
        List<String> out = new ArrayList<>();
        for (Element m : all(pom("pom.xml"), "module")) out.add(m.getTextContent().trim() + "/pom.xml");
        return out;
    }

    @Test
    void the_parent_builds_java_21_with_the_modules_of_the_architecture() throws Exception {
        Document parent = pom("pom.xml");
        Element properties = all(parent, "properties").get(0);
        assertThat(child(properties, "maven.compiler.release")).isEqualTo("21");
        List<String> modules = all(parent, "module").stream().map(m -> m.getTextContent().trim()).toList();
        assertThat(modules).contains("kernel", "message", "session", "llm", "agent", "testkit", "app", "bench");
        for (String module : modules) assertThat(Repo.root().resolve(module).resolve("pom.xml")).isRegularFile();
    }

    @Test
    void every_dependency_and_plugin_version_is_pinned_in_the_parent() throws Exception {
        Document parent = pom("pom.xml");
        Element properties = all(parent, "properties").get(0);
        List<String> problems = new ArrayList<>();
        Element management = all(parent, "dependencyManagement").get(0);
        for (String tag : new String[] {"dependency", "plugin"}) {
            for (Element e : all(tag.equals("dependency") ? management : parent, tag)) {
                String v = child(e, "version");
                boolean pinned = v != null && (v.equals("${project.version}") || v.matches("\\$\\{[^}]+}")
                        && child(properties, v.substring(2, v.length() - 1)) != null);
                if (!pinned) problems.add("parent: " + tag + " " + child(e, "artifactId") + " has version " + v);
            }
        }
        Pattern property = Pattern.compile("\\$\\{([^}]+)}");
        for (String module : modulePoms()) {
            for (Element e : all(pom(module), "version")) {
                String owner = ((Element) e.getParentNode()).getTagName();
                String v = e.getTextContent().trim();
                if (owner.equals("parent")) continue;
                Matcher m = property.matcher(v);
                if (!m.matches() || child(properties, m.group(1)) == null) {
                    problems.add(module + ": <" + owner + "> sets version " + v + " instead of using a parent property");
                }
            }
        }
        List<String> poms = new ArrayList<>(modulePoms());
        poms.add("pom.xml");
        for (String module : poms) {
            for (Element p : all(pom(module), "plugin")) {
                String artifact = child(p, "artifactId");
                boolean managed = all(parent, "plugin").stream().anyMatch(q -> artifact.equals(child(q, "artifactId")) && child(q, "version") != null);
                if (!managed) problems.add(module + ": plugin " + artifact + " has no version in the parent");
            }
            for (Element d : all(pom(module), "dependency")) {
                String artifact = child(d, "artifactId");
                boolean managed = all(management, "dependency").stream().anyMatch(q -> artifact.equals(child(q, "artifactId")))
                        || artifact.startsWith("jackson-") || artifact.startsWith("junit-");
                if (!managed) problems.add(module + ": dependency " + artifact + " is not in the parent's dependencyManagement");
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void the_maven_wrapper_pins_maven_and_builds_with_the_jdk_that_find_jdk_names() throws Exception {
        Path mvnw = Repo.root().resolve("mvnw");
        assertThat(Files.isExecutable(mvnw)).as("mvnw is executable").isTrue();
        assertThat(Files.isExecutable(Repo.root().resolve("bin/find-jdk"))).isTrue();
        assertThat(Repo.read("mvnw")).contains("JAVA_HOME=$(\"$dsh4j_root/bin/find-jdk\") || exit 1").contains("export JAVA_HOME");
        assertThat(Repo.read(".mvn/wrapper/maven-wrapper.properties"))
                .containsPattern("(?m)^distributionUrl=https://\\S+/apache-maven-\\d+\\.\\d+\\.\\d+-bin\\.zip$");
    }

    /** The fenced {@code sh} blocks of the README, in order. */
    static List<String> commands() {
        Matcher m = Pattern.compile("```sh\\n(.*?)\\n```", Pattern.DOTALL).matcher(Repo.read("README.md"));
        List<String> out = new ArrayList<>();
        while (m.find()) out.add(m.group(1).strip());
        return out;
    }

    @Test
    void the_readme_opens_with_the_build_and_run_command_then_the_test_command() {
        String readme = Repo.read("README.md");
        List<String> commands = commands();
        assertThat(commands).hasSizeGreaterThanOrEqualTo(2);
        assertThat(commands.get(0)).startsWith("./mvnw ").contains(" package").contains("&& bin/dsh4j run \"");
        assertThat(commands.get(1)).isEqualTo("./mvnw verify");
        int firstCommand = readme.indexOf("```sh");
        assertThat(readme.substring(0, firstCommand).lines().filter(l -> l.startsWith("## ")).toList())
                .as("nothing but the introduction before the quick start").hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void ci_runs_exactly_the_readme_test_command_and_installs_the_zstd_tool_when_missing() {
        String ci = Repo.read(".ci/run");
        assertThat(Files.isExecutable(Repo.root().resolve(".ci/run"))).isTrue();
        List<String> code = ci.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertThat(code.get(code.size() - 1)).isEqualTo(commands().get(1));
        assertThat(ci).contains("set -euo pipefail").contains("command -v zstd").contains("apt-get install -y -qq zstd");
        assertThat(code).noneMatch(l -> l.contains("mvn ") && !l.contains("./mvnw"));
    }
}
