import { describe, expect, it } from 'vitest';
import {
  cleanText,
  decodeEntities,
  isBlank,
  isStepLabel,
  splitNumberedSteps,
  textToLines,
  tidyIngredient,
  withoutNamespace,
} from './text.js';

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Mac &amp; cheese &#8211; the &#x2018;best&#x2019;')).toBe(
      'Mac & cheese – the ‘best’',
    );
  });

  it('decodes text that was encoded twice', () => {
    expect(decodeEntities('Tom&amp;amp;Jerry&amp;#8217;s')).toBe('Tom&Jerry’s');
  });

  it('leaves a lone ampersand alone', () => {
    expect(decodeEntities('salt & pepper')).toBe('salt & pepper');
  });
});

describe('cleanText', () => {
  it('strips tags, including tags that arrive encoded', () => {
    expect(cleanText('<p>Whisk <strong>well</strong></p>')).toBe('Whisk well');
    expect(cleanText('&lt;b&gt;1 cup&lt;/b&gt; flour')).toBe('1 cup flour');
  });

  it('collapses line breaks, non-breaking and zero-width spaces', () => {
    expect(cleanText('  1\u00a0cup\n\tflour\u200b ')).toBe('1 cup flour');
  });

  it('keeps a less-than sign that is not a tag', () => {
    expect(cleanText('bake < 30 min')).toBe('bake < 30 min');
  });

  it('drops comments, scripts and styles embedded in a fragment', () => {
    expect(cleanText('a<!-- note -->b<script>x()</script><style>p{}</style>c')).toBe('abc');
  });
});

describe('textToLines', () => {
  it('splits at line breaks, <br>, paragraphs and list items', () => {
    expect(textToLines('<p>Mix.</p><p>Bake.</p>Rest<br/>Serve\n\nEat<ul><li>Enjoy</li></ul>')).toEqual([
      'Mix.',
      'Bake.',
      'Rest',
      'Serve',
      'Eat',
      'Enjoy',
    ]);
  });

  it('handles CRLF line endings', () => {
    expect(textToLines('one\r\ntwo\rthree')).toEqual(['one', 'two', 'three']);
  });
});

describe('tidyIngredient', () => {
  it('removes typed list markers', () => {
    expect(tidyIngredient('- 1 cup sugar')).toBe('1 cup sugar');
    expect(tidyIngredient('• salt')).toBe('salt');
    expect(tidyIngredient('▢ 2 eggs')).toBe('2 eggs');
  });

  it('undoes doubled parentheses around a note', () => {
    expect(tidyIngredient('4 oz mushrooms ((I used Baby Bellas))')).toBe(
      '4 oz mushrooms (I used Baby Bellas)',
    );
    expect(tidyIngredient('1 C milk ((nut milk) or dairy (warm))')).toBe(
      '1 C milk (nut milk) or dairy (warm)',
    );
  });

  it('keeps parentheses that are not doubled', () => {
    expect(tidyIngredient('1 lb pasta ((such as penne) )')).toBe('1 lb pasta ((such as penne) )');
    expect(tidyIngredient('1 can (14 oz) tomatoes')).toBe('1 can (14 oz) tomatoes');
  });

  it('keeps a leading minus-free quantity intact', () => {
    expect(tidyIngredient('1-2 cloves garlic')).toBe('1-2 cloves garlic');
  });

  it('drops the space a template leaves before a comma or a point', () => {
    expect(tidyIngredient('1 medium leek , trimmed and sliced')).toBe('1 medium leek, trimmed and sliced');
    expect(tidyIngredient('6 ounces smoked ham , cubed , at room temperature')).toBe(
      '6 ounces smoked ham, cubed, at room temperature',
    );
    expect(tidyIngredient('2 c . à soupe de miel')).toBe('2 c. à soupe de miel');
  });

  it('keeps French spacing before a colon, spaces inside parentheses and a point before digits', () => {
    expect(tidyIngredient('1 c. à café d’épices : cumin, paprika')).toBe(
      '1 c. à café d’épices : cumin, paprika',
    );
    expect(tidyIngredient('2 carrots ( peeled )')).toBe('2 carrots ( peeled )');
    expect(tidyIngredient('1 .5 l water')).toBe('1 .5 l water');
  });
});

describe('isStepLabel', () => {
  it.each([
    'Step 1',
    'stap 2',
    'Schritt 3',
    'Étape 4',
    'etape 5',
    'Paso 6',
    'Steg 7',
    'Step 8:',
    '9.',
    '10',
    '第3步',
  ])('%s is only a step number', (line) => {
    expect(isStepLabel(line)).toBe(true);
  });

  it.each(['Step 1: Heat the oil.', 'Stir 2 minutes', '350°F', 'Stap over de drempel', '2 eggs'])(
    '%s is a step or text of its own',
    (line) => {
      expect(isStepLabel(line)).toBe(false);
    },
  );
});

describe('withoutNamespace', () => {
  it('drops a wiki namespace glued to the page name', () => {
    expect(withoutNamespace('Cookbook:Apple Crumble')).toBe('Apple Crumble');
    expect(withoutNamespace('Recipe:Dal')).toBe('Dal');
  });

  it('keeps a colon followed by a space, a lower-case start and a bare namespace', () => {
    expect(withoutNamespace('Lasagna: the easy way')).toBe('Lasagna: the easy way');
    expect(withoutNamespace('mac:cheese')).toBe('mac:cheese');
    expect(withoutNamespace('Cookbook:')).toBe('Cookbook:');
  });
});

describe('splitNumberedSteps', () => {
  it('splits a paragraph numbered 1., 2., 3. into steps without the numbers', () => {
    expect(splitNumberedSteps('1.Chop the onion 2.Fry it 3.Serve hot')).toEqual([
      'Chop the onion',
      'Fry it',
      'Serve hot',
    ]);
    expect(splitNumberedSteps('1) Mix 2) Knead 3) Bake 4) Cool')).toEqual(['Mix', 'Knead', 'Bake', 'Cool']);
  });

  it('leaves lines alone unless three markers count up from the start', () => {
    expect(splitNumberedSteps('Bake at 180. 2 eggs go in 3. later')).toEqual([
      'Bake at 180. 2 eggs go in 3. later',
    ]);
    expect(splitNumberedSteps('1. Mix 2. Bake')).toEqual(['1. Mix 2. Bake']);
    expect(splitNumberedSteps('Step 1. Mix 2. Bake 3. Eat')).toEqual(['Step 1. Mix 2. Bake 3. Eat']);
  });
});

describe('isBlank', () => {
  it('is true for punctuation-only lines and false for words or numbers', () => {
    expect(isBlank(' - • ')).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank('2')).toBe(false);
    expect(isBlank('sel')).toBe(false);
  });
});
