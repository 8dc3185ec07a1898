package dev.bufmgr.core.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one grammar: what it reads, what it writes back, and the one line of each refusal. */
class SpecGrammarTest {

  @Test
  void readsANameWithParametersInOrder() {
    Spec s = Spec.parse(" gclock:maxUsage=3, batch=16 ");
    assertEquals("gclock", s.name());
    assertEquals(List.of("maxUsage", "batch"), List.copyOf(s.params().keySet()));
    assertEquals("3", s.params().get("maxUsage"));
    assertEquals(Map.of(), Spec.parse("lru").params());
  }

  @Test
  void colonAndParenthesisFormsAgree() {
    Spec a = Spec.parse("zipf:pages=10,theta=0.5");
    assertEquals(a, Spec.parse("zipf(pages=10;theta=0.5)"));
    assertEquals(a, Spec.parse("zipf(pages=10,theta=0.5)"));
    assertEquals(Map.of("pages", "10", "theta", "0.5"), a.params());
  }

  @Test
  void nestedSpecsKeepTheirCommas() {
    Spec s = Spec.parse("mix:requests=5,streams=1*zipf(pages=3,theta=0.5)+2*scan(pages=4)");
    assertEquals("1*zipf(pages=3,theta=0.5)+2*scan(pages=4)", s.params().get("streams"));
    assertEquals("5", s.params().get("requests"));
  }

  @Test
  void theTextWrittenBackParsesToTheSameSpec() {
    for (String text : new String[] {"lru", "gclock:maxUsage=3,batch=16", "pgdelay:delay=100us,siblings=5",
        "open:phases=500@10ms/5000@10ms", "mix:streams=1*zipf(pages=3;theta=0.5)+2*scan(pages=4),requests=9"}) {
      Spec s = Spec.parse(text);
      assertEquals(text, s.toString());
      assertEquals(s, Spec.parse(s.toString()));
    }
    Map<String, String> p = new LinkedHashMap<>();
    p.put("b", "2");
    p.put("a", "x(1,2)");
    Spec built = new Spec("k", p);
    assertEquals(built, Spec.parse(built.toString()));
  }

  @Test
  void aReferenceBelongsToTheName() {
    Spec plain = Spec.parse("file:policies/Clock.java");
    assertEquals("file:policies/Clock.java", plain.name());
    assertEquals(Map.of(), plain.params());
    Spec withParams = Spec.parse("file:Clock.java:maxUsage=3,batch=2");
    assertEquals("file:Clock.java", withParams.name());
    assertEquals("3", withParams.params().get("maxUsage"));
    assertEquals(withParams, Spec.parse(withParams.toString()));
    assertEquals("gclock", Spec.parse("gclock:maxUsage=3").name(), "a parameter is never a reference");
    assertEquals("--x 'file:Clock.java:': no parameters after ':'",
        assertThrows(IllegalArgumentException.class, () -> Spec.parse("--x", "file:Clock.java:")).getMessage());
  }

  @Test
  void everySyntaxErrorIsOneLineNamingTheSpecAndTheReason() {
    String[][] cases = {
      {"", "--x '': missing name"},
      {":a=1", "--x ':a=1': missing name"},
      {"gclock:", "--x 'gclock:': no parameters after ':'"},
      {"gclock:maxUsage", "--x 'gclock:maxUsage': parameter 'maxUsage' must be written key=value"},
      {"gclock:=3", "--x 'gclock:=3': parameter '=3' must be written key=value"},
      {"gclock:batch=", "--x 'gclock:batch=': parameter 'batch=' must be written key=value"},
      {"gclock:a=1,,b=2", "--x 'gclock:a=1,,b=2': parameter '' must be written key=value"},
      {"gclock:a=1,a=2", "--x 'gclock:a=1,a=2': parameter 'a' given twice"},
      {"zipf(pages=1", "--x 'zipf(pages=1': missing closing ')'"},
      {"mix:streams=zipf(pages=1", "--x 'mix:streams=zipf(pages=1': unbalanced '('"},
      {"mix:streams=a)", "--x 'mix:streams=a)': unbalanced ')'"},
    };
    for (String[] c : cases) {
      assertEquals(c[1], assertThrows(IllegalArgumentException.class, () -> Spec.parse("--x", c[0]), c[0]).getMessage());
    }
  }

  private static final List<ParameterSpec> PARAMS = List.of(
      ParameterSpec.integer("n", 4, 1, 10, "a count"),
      ParameterSpec.decimal("share", 0.5, 0, 1, "a share"),
      ParameterSpec.choice("mode", "fast", List.of("fast", "safe"), "a mode"),
      ParameterSpec.duration("wait", "1ms", "a wait"),
      ParameterSpec.text("file", null, "a file").asRequired(),
      ParameterSpec.integer("extra", 0, 0, 5, "absent unless given").asOptional());

  private static String refusal(String text) {
    return assertThrows(IllegalArgumentException.class, () -> Parameters.resolve("--x", Spec.parse(text), PARAMS), text)
        .getMessage();
  }

  @Test
  void valuesAreTypedAndDefaultsFilledIn() {
    Parameters p = Parameters.resolve("--x", Spec.parse("k:file=a.txt,share=0.25,n=1e1,mode=SAFE,wait=0.5ms"), PARAMS);
    assertEquals(10, p.intValue("n"));
    assertEquals(0.25, p.doubleValue("share"));
    assertEquals("safe", p.choice("mode"));
    assertEquals(500_000, p.nanos("wait"));
    assertEquals("a.txt", p.text("file"));
    assertEquals(false, p.has("extra"));
    assertEquals(true, p.given("share"));
    assertEquals(false, Parameters.resolve("--x", Spec.parse("k:file=f"), PARAMS).given("share"));
    assertEquals(4, Parameters.resolve("--x", Spec.parse("k:file=f,n=1_0"), PARAMS).intValue("n") - 6);
    assertEquals("k:n=10,share=0.25,mode=safe,wait=500000.0,file=a.txt", p.canonicalName());
  }

  @Test
  void canonicalOfReadNamesOnlyTheValuesUsedInTheOrderUsed() {
    Parameters p = Parameters.resolve("--x", Spec.parse("k:file=f"), PARAMS);
    p.text("file");
    p.doubleValue("share");
    assertEquals("k:file=f,share=0.5", p.canonicalOfRead());
  }

  @Test
  void everyValueErrorIsOneLineNamingTheSpecTheKeyAndTheReason() {
    assertEquals("--x 'k:file=f,size=2': unknown parameter 'size' for k (known: n, share, mode, wait, file, extra)",
        refusal("k:file=f,size=2"));
    assertEquals("--x 'k:n=3': missing parameter 'file' (text)", refusal("k:n=3"));
    assertEquals("--x 'k:file=f,n=0': parameter n: 0 is out of range (allowed: an integer in [1, 10])",
        refusal("k:file=f,n=0"));
    assertEquals("--x 'k:file=f,n=x': parameter n: 'x' is not an integer (allowed: an integer in [1, 10])",
        refusal("k:file=f,n=x"));
    assertEquals("--x 'k:file=f,n=1.5': parameter n: '1.5' is not an integer (allowed: an integer in [1, 10])",
        refusal("k:file=f,n=1.5"));
    assertEquals("--x 'k:file=f,share=1.5': parameter share: 1.5 is out of range (allowed: a number in [0, 1])",
        refusal("k:file=f,share=1.5"));
    assertEquals("--x 'k:file=f,share=NaN': parameter share: NaN is out of range (allowed: a number in [0, 1])",
        refusal("k:file=f,share=NaN"));
    assertEquals("--x 'k:file=f,share=half': parameter share: 'half' is not a number (allowed: a number in [0, 1])",
        refusal("k:file=f,share=half"));
    assertEquals("--x 'k:file=f,mode=slow': parameter mode: 'slow' is not one of fast, safe",
        refusal("k:file=f,mode=slow"));
    assertEquals("--x 'k:file=f,wait=5': parameter wait: '5' needs a unit (ns, us, ms, s, min or h), e.g. 100us or 0.5ms",
        refusal("k:file=f,wait=5"));
    assertEquals("--x 'none:a=1': unknown parameter 'a' for none (it takes none)",
        assertThrows(IllegalArgumentException.class,
            () -> Parameters.resolve("--x", Spec.parse("none:a=1"), List.of())).getMessage());
  }

  private record Thing(String name, String description, List<ParameterSpec> parameters) implements Component {}

  @Test
  void aRegistryFindsByNameAndRefusesUnknownNamesInTheSameForm() {
    Registry<Thing> r = Registry.of("gadget", List.of(new Thing("b", "second", PARAMS), new Thing("a", "first", List.of())));
    assertEquals(List.of("b", "a"), r.names());
    assertEquals("first", r.find("a").description());
    assertEquals("--x 'c:n=1': unknown gadget 'c' (known: b, a)",
        assertThrows(IllegalArgumentException.class, () -> r.resolve("--x", Spec.parse("c:n=1"))).getMessage());
    assertEquals("unknown gadget 'c' (known: b, a)", assertThrows(IllegalArgumentException.class, () -> r.find("c")).getMessage());
    assertEquals(3, r.resolve("--x", Spec.parse("b:file=f,n=3")).intValue("n"));
    assertThrows(IllegalStateException.class, () -> Registry.of("gadget", List.of(new Thing("a", "", List.of()), new Thing("a", "", List.of()))));
  }
}
