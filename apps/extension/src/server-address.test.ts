import { describe, expect, it } from 'vitest';
import { authorizeUrl, isOnServer, parseServerAddress } from './server-address';

describe('parseServerAddress', () => {
  it.each([
    ['https://mealplan.example.org', 'https://mealplan.example.org'],
    ['  https://mealplan.example.org/  ', 'https://mealplan.example.org'],
    ['https://mealplan.example.org/plan?x=1#top', 'https://mealplan.example.org'],
    ['HTTP://Meals.Example.org:8080', 'http://meals.example.org:8080'],
    ['mealplan.example.org', 'https://mealplan.example.org'],
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:8080/plan', 'http://127.0.0.1:8080'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['https://example.org:443', 'https://example.org'],
  ])('keeps the origin of %j', (input, origin) => {
    expect(parseServerAddress(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', 'Enter the address of your Mealplan server, like https://mealplan.example.org'],
    ['   ', 'Enter the address of your Mealplan server, like https://mealplan.example.org'],
    ['ftp://example.org', 'The address must start with http:// or https://'],
    ['javascript:alert(1)', 'The address must start with http:// or https://'],
    ['file:///etc/passwd', 'The address must start with http:// or https://'],
    ['https://user:secret@example.org', 'Leave the user name and password out of the address.'],
    ['meal plan.org', 'The address cannot contain spaces.'],
    ['https://exa mple.org', 'The address cannot contain spaces.'],
    ['http://', '"http://" is not a web address. Enter one like https://mealplan.example.org'],
    ['https://[bad', '"https://[bad" is not a web address. Enter one like https://mealplan.example.org'],
  ])('refuses %j with a clear message', (input, error) => {
    expect(parseServerAddress(input)).toEqual({ ok: false, error });
  });
});

describe('authorizeUrl', () => {
  it('names the extension asking, escaped', () => {
    expect(authorizeUrl('https://meals.example.org', 'abcdefghijklmnop')).toBe(
      'https://meals.example.org/authorize-chrome-extension?extensionId=abcdefghijklmnop',
    );
    expect(authorizeUrl('http://localhost:3000', 'a&b')).toBe(
      'http://localhost:3000/authorize-chrome-extension?extensionId=a%26b',
    );
  });
});

describe('isOnServer', () => {
  it('compares whole origins: scheme, host and port', () => {
    const server = 'https://meals.example.org';
    expect(isOnServer('https://meals.example.org/authorize-chrome-extension', server)).toBe(true);
    expect(isOnServer('http://meals.example.org/authorize-chrome-extension', server)).toBe(false);
    expect(isOnServer('https://meals.example.org:8443/', server)).toBe(false);
    expect(isOnServer('https://meals.example.org.evil.test/', server)).toBe(false);
    expect(isOnServer('https://evil.test/?https://meals.example.org', server)).toBe(false);
    expect(isOnServer(undefined, server)).toBe(false);
    expect(isOnServer('not a url', server)).toBe(false);
  });
});
