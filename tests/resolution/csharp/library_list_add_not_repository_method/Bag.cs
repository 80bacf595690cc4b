namespace App
{
    public class Bag
    {
        public void Add(string item) { }
    }
}
