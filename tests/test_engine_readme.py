"""The README's engine examples are run as doctests, so they stay true."""

import doctest
import pathlib
import re


def test_readme_examples():
    readme = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README shows the engine"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, "README block %d" % number, "README.md", 0)
        runner.run(test)
    assert runner.failures == 0
    assert runner.tries > 5


def test_module_docstrings():
    import euchre_core.game
    import euchre_core.rules
    for module in (euchre_core.rules, euchre_core.game):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
