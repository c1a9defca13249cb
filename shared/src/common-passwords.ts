/**
 * The passwords people pick most often (from the public lists of passwords found in breaches, plus a few that
 * anyone would try on this site), lower-cased, of at least PASSWORD_MIN_LENGTH characters: shorter ones are refused
 * as too short anyway. Registration and password reset refuse them in any letter case, in the browser and the API.
 * Kept short on purpose (it ships in the browser bundle): it stops the first guesses of an attacker, not a
 * dictionary attack, which the login rate limits are for.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 111111 1234567 dragon 123123 baseball abc123 football monkey letmein
696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman
andrew tigger sunshine iloveyou charlie robert thomas hockey ranger daniel starwars klaster 112233 george
computer michelle jessica pepper zxcvbn 555555 11111111 131313 freedom 777777 maggie 159753 aaaaaa ginger
princess joshua cheese amanda summer ashley nicole chelsea biteme matthew access yankees 987654321 dallas
austin thunder taylor matrix william corvette martin heather secret merlin diamond 1234qwer gfhjkm hammer
silver 222222 88888888 anthony justin bailey q1w2e3r4t5 patrick internet scooter orange golfer cookie richard
samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan
welcome falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa
boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234
compaq purple banana junior hannah 123654 porsche lakers iceman cowboys 987654 london tennis 999999 ncc1701
coffee scooby miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox
player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles flower
bigdaddy rabbit wizard jasper rachel steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince
marine ghbdtn fishing cocacola casper 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321
12344321 golden 8675309 microsoft 0987654321 playstation 1q2w3e4r5t password1 password123 password12 passw0rd
p@ssw0rd p@ssword pa55word qwerty123 qwerty1 qwerty12 qwertyui 1qazxsw2 zaq12wsx zaq1zaq1 abcdef abcdefg
abcdefgh abc12345 abcd1234 aaaaaaaa 123abc a123456 123456a 1234abcd iloveyou1 letmein1 welcome1 welcome123
admin123 administrator admin1 root123 changeme default guest123 login123 monkey1 dragon1 football1 baseball1
superman1 sunshine1 princess1 shadow1 master1 michael1 jordan23 liverpool manchester chelsea1 arsenal1 everton
tottenham rangers1 celtic london1 england scotland wales1 ireland britain united1 qwerty1234 asdfghjkl
zxcvbnm1 1q2w3e 1q2w3e4r5t6y q1w2e3 qwe123 asd123 zxc123 123qweasd qweasd qweasdzxc 1qaz2wsx3edc passport
computer1 internet1 hello123 hello1 trustno1! letmein! password! password1! qwerty! 11223344 12341234
123454321 1122334455 147258369 159357 147258 741852963 789456123 789456 456789 246810 135790 102030 101010
1111111 123123a 666777 654321a 0123456789 01234567 iloveu iloveyou2 loveme lovely loveyou love123 babygirl
baby123 sweety sweetheart angel1 angels butterfly flowers rainbow sunflower princess123 dolphin kitten
tinkerbell bubbles cookie1 chocolate cupcake pokemon naruto minecraft fortnite roblox starwars1 pa$$word
secret123 letmein123 trustme nothing nopassword blahblah asdf1234 zxcv1234 qazwsxedc 1qaz1qaz azerty azerty123
qwertz qwertz123 1234567a 12345a 12345678a 123456789a 123456qwerty summer1 summer2024 summer2025 winter1
autumn spring2024 january february december monday friday sunday password2024 password2025 welcome2024
welcome2025 roomnest roomnest1 roomnest123 tenant landlord tenant123 landlord123 flatmate flatmates room123
rent123 house123 home123 myhouse
`;

let common: Set<string> | null = null;

/** Whether `password` is one of the most common passwords, in any letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(LIST.split(/\s+/).filter(Boolean));
  return common.has(password.toLowerCase());
}

/** How many passwords the list holds (for tests). */
export const commonPasswordCount = () => (isCommonPassword(''), common!.size);
